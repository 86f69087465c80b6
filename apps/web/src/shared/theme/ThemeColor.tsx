import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { MantineProvider, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { defaultThemeColor } from '@paraphe/contracts';
import { mobileBreakpointEm, shadesOf, textShade } from './themeColor.ts';

/**
 * Secondary ("dimmed") text: Mantine's gray-6 (#868E96) is 3.3:1 on white; this grey is 5.8:1 on the light grey
 * background (WCAG AA for normal text).
 */
const dimmedText = '#5c636a';
const cssVariablesResolver: CSSVariablesResolver = () => ({ variables: {}, light: { '--mantine-color-dimmed': dimmedText }, dark: {} });

const SetThemeColor = createContext<(color: string) => void>(() => undefined);

/**
 * Mantine provider whose primary colour is the tenant's theme colour (default #009FE3): buttons, links and other
 * text in it use its text shade (shadesOf), decorations the colour itself (`var(--mantine-color-brand-6)`).
 */
export function ThemedProvider({ children }: { children: ReactNode }) {
  const [color, setColor] = useState(defaultThemeColor);
  const theme = useMemo(
    () =>
      createTheme({
        primaryColor: 'brand',
        primaryShade: textShade,
        colors: { brand: shadesOf(color) },
        breakpoints: { xs: '30em', sm: mobileBreakpointEm, md: '62em', lg: '75em', xl: '88em' },
      }),
    [color],
  );
  return (
    <SetThemeColor.Provider value={setColor}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        {children}
      </MantineProvider>
    </SetThemeColor.Provider>
  );
}

/** The authenticated layout applies the tenant colour; leaving it restores the default. */
export function useTenantThemeColor(color: string | undefined): void {
  const setColor = useContext(SetThemeColor);
  useEffect(() => {
    setColor(color ?? defaultThemeColor);
    return () => setColor(defaultThemeColor);
  }, [color, setColor]);
}
