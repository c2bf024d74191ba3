import { useEffect } from 'react';

const BRAND = 'Cascade';

/** The tab's title names the screen ("Orders · Cascade"), so a wall of tabs or a history list tells them apart. */
export function documentTitle(screen: string | null | undefined): string {
  return screen ? `${screen} · ${BRAND}` : BRAND;
}

export function useDocumentTitle(screen: string | null | undefined): void {
  useEffect(() => {
    document.title = documentTitle(screen);
  }, [screen]);
}
