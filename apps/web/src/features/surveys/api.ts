import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { surveyEndpoints, type SurveySettings } from '@paraphe/contracts';
import { callEndpoint } from '../../shared/api/endpoints.ts';

const surveyKey = ['survey-connector'] as const;
/** The panel shows each failure's own detail as a toast (toastSurveyError), instead of the generic message. */
const ownErrors = { ownErrors: true };

export function useSurveyConnection() {
  return useQuery({ queryKey: [...surveyKey, 'connection'], queryFn: ({ signal }) => callEndpoint(surveyEndpoints.get, { signal }) });
}

/** The account's forms: asked of Typeform, so only once connected, and without retrying a refusal. */
export function useSurveyForms(connected: boolean) {
  return useQuery({
    queryKey: [...surveyKey, 'forms'],
    queryFn: ({ signal }) => callEndpoint(surveyEndpoints.forms, { signal }),
    enabled: connected,
    retry: false,
    meta: { silentErrors: true },
  });
}

export function useSurveyResponses(formId: string | null) {
  return useQuery({
    queryKey: [...surveyKey, 'responses', formId],
    queryFn: ({ signal }) => callEndpoint(surveyEndpoints.responses, { signal }),
    enabled: !!formId,
    retry: false,
    meta: { silentErrors: true },
  });
}

/** A client account's connection, for the product administrator's application view. */
export function useApplicationSurveyConnection(appId: string) {
  return useQuery({
    queryKey: [...surveyKey, 'application', appId],
    queryFn: ({ signal }) => callEndpoint(surveyEndpoints.ofApplication, { params: { appId }, signal }),
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: surveyKey });
}

export function useConnectSurvey() {
  const invalidate = useInvalidate();
  return useMutation({ meta: ownErrors, mutationFn: (token: string) => callEndpoint(surveyEndpoints.connect, { body: { token } }), onSuccess: invalidate });
}

export function useSaveSurveySettings() {
  const invalidate = useInvalidate();
  return useMutation({ meta: ownErrors, mutationFn: (body: SurveySettings) => callEndpoint(surveyEndpoints.saveSettings, { body }), onSuccess: invalidate });
}

export function useDisconnectSurvey() {
  const client = useQueryClient();
  return useMutation({
    meta: ownErrors,
    mutationFn: () => callEndpoint(surveyEndpoints.disconnect, {}),
    // Forms and counts belonged to the account just forgotten.
    onSuccess: () => client.resetQueries({ queryKey: surveyKey }),
  });
}
