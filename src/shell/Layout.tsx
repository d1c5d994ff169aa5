/**
 * The frame of every page: the header, then a main area holding the flash stack above the page.
 * The preset modals and the Download Frames dialog are mounted here once.
 */
import type { ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { PresetHost } from '../components/presets';
import { DownloadFramesHost } from '../download/DownloadFramesHost';
import { PAGE_BACKGROUND } from '../theme';
import { FlashRegion } from './FlashRegion';
import { Header } from './Header';
import { WorldLoading } from './WorldLoading';
import { UnsavedBanner } from './UnsavedBanner';
import { useClearFlashesOnNavigate } from './useClearFlashesOnNavigate';
import { useFocusHeadingOnNavigate } from './useFocusHeadingOnNavigate';

const useStyles = makeStyles({
  app: { minHeight: '100vh', display: 'flex', flexDirection: 'column', backgroundColor: PAGE_BACKGROUND },
  main: {
    // The world-loading line sits in its top padding, out of the flow.
    position: 'relative',
    flexGrow: 1,
    width: '100%',
    maxWidth: '1440px',
    margin: '0 auto',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXXL}`,
    '@media (max-width: 1000px)': { padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}` },
  },
  skip: {
    position: 'absolute',
    left: '-10000px',
    top: 'auto',
    ':focus': { left: tokens.spacingHorizontalM, top: tokens.spacingVerticalS, zIndex: 200, padding: tokens.spacingHorizontalS, backgroundColor: tokens.colorNeutralBackground1 },
  },
});

export function Layout({ children }: { children: ReactNode }) {
  const s = useStyles();
  useClearFlashesOnNavigate();
  useFocusHeadingOnNavigate();
  return (
    <div className={s.app}>
      <a href="#main" className={s.skip}>
        Skip to content
      </a>
      <Header />
      <main id="main" className={s.main}>
        <WorldLoading />
        <UnsavedBanner />
        <FlashRegion />
        {children}
      </main>
      <PresetHost />
      <DownloadFramesHost />
    </div>
  );
}
