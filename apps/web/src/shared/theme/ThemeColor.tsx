import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { MantineProvider, createTheme } from '@mantine/core';
import { defaultThemeColor } from '@paraphe/contracts';
import { mobileBreakpointEm, shadesOf } from './themeColor.ts';

const SetThemeColor = createContext<(color: string) => void>(() => undefined);

/** Mantine provider whose primary colour is the tenant's theme colour (default #009FE3). */
export function ThemedProvider({ children }: { children: ReactNode }) {
  const [color, setColor] = useState(defaultThemeColor);
  const theme = useMemo(
    () =>
      createTheme({
        primaryColor: 'brand',
        colors: { brand: shadesOf(color) },
        breakpoints: { xs: '30em', sm: mobileBreakpointEm, md: '62em', lg: '75em', xl: '88em' },
      }),
    [color],
  );
  return (
    <SetThemeColor.Provider value={setColor}>
      <MantineProvider theme={theme}>{children}</MantineProvider>
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
