/**
 * An in-app link as Fluent draws links (its colours, hover and focus ring), not the browser's
 * default blue; wouter still navigates (its Link hands href and the click to the Fluent Link).
 */
import type { ReactNode } from 'react';
import { Link as FluentLink } from '@fluentui/react-components';
import { Link as RouterLink } from 'wouter';

export function AppLink({ href, children, className, 'aria-label': label }: { href: string; children: ReactNode; className?: string; 'aria-label'?: string }) {
  return (
    <RouterLink href={href} asChild>
      <FluentLink className={className} aria-label={label}>
        {children}
      </FluentLink>
    </RouterLink>
  );
}
