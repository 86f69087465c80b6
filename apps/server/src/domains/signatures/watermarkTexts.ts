import type { PdfTexts } from '../../platform/pdf-texts.ts';

/**
 * The words drawn across every page of a test-mode document, in the request's language: the watermark is what tells a
 * reader the signature has no legal value, so it must be in a language the reader reads. Same wording as the evidence file's test banner (signing/attestationTexts.ts).
 */
export const testModeWatermarks: PdfTexts<string> = {
  fr: 'MODE TEST — sans valeur légale',
  en: 'TEST MODE — no legal value',
  de: 'TESTMODUS — ohne Rechtswirkung',
  dk: 'TESTTILSTAND — uden retsvirkning',
  es: 'MODO DE PRUEBA — sin valor legal',
  fi: 'TESTITILA — ei oikeudellista pätevyyttä',
  gr: 'ΔΟΚΙΜΑΣΤΙΚΗ ΛΕΙΤΟΥΡΓΙΑ — χωρίς νομική ισχύ',
  it: 'MODALITÀ DI PROVA — senza valore legale',
  nl: 'TESTMODUS — zonder rechtsgeldigheid',
  no: 'TESTMODUS — uten rettsvirkning',
  pt: 'MODO DE TESTE — sem valor legal',
  se: 'TESTLÄGE — utan rättslig verkan',
};
