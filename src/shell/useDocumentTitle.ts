/**
 * Names the browser tab (and the window of the installed app) after the section on screen, so
 * people with many tabs, and screen readers announcing a new page, know where they are.
 */
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { PRODUCT_NAME } from './Logo';

const SECTIONS: [RegExp, string][] = [
  [/^\/$/, 'Dashboard'],
  [/^\/login$/, 'Sign in'],
  [/^\/logout$/, 'Signing out'],
  [/^\/help(\/|$)/, 'Help'],
  [/^\/settings$/, 'Settings'],
  [/^\/projects(\/|$)/, 'Projects'],
  [/^\/captures\/[^/]+\/qc$/, 'Capture QC'],
  [/^\/captures(\/|$)/, 'Captures'],
  [/^\/surveys\/[^/]+\/qc\/.+/, 'Image'],
  [/^\/surveys\/[^/]+\/qc$/, 'Survey QC'],
  [/^\/surveys$/, 'Surveys'],
  [/^\/media$/, 'Media'],
  [/^\/drives$/, 'Drives'],
];

export function useDocumentTitle(): void {
  const [location] = useLocation();
  useEffect(() => {
    const section = SECTIONS.find(([pattern]) => pattern.test(location))?.[1];
    document.title = section ? `${section} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [location]);
}
