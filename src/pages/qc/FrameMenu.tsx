/**
 * The context menu of a QC grid thumbnail (issue 8): right-click, the context-menu key or
 * Shift+F10 on a frame. One menu for the whole page, opened at the pointer (or at the thumbnail
 * from the keyboard), so hundreds of thumbnails do not each carry a Menu. Its items do what the
 * grid's keys do (F, U, S, Enter) and say so, for reviewers who work by mouse.
 */
import { useRef } from 'react';
import { Menu, MenuGroupHeader, MenuItem, MenuList, MenuPopover } from '@fluentui/react-components';
import { ArrowMaximizeRegular, FlagOffRegular, FlagRegular, SparkleRegular } from '@fluentui/react-icons';
import { useLocation } from 'wouter';
import type { FrameFlag } from '../../../worker/domain/frameFlags';
import type { Suggestion } from '../../../worker/prescreen/measure';
import type { FrameAt } from './FlagFrameDialog';

/** Where the menu was asked for: a point of the window, or the thumbnail itself. */
export type MenuAnchor = { x: number; y: number } | HTMLElement;

/** The frame the menu acts on, as the grid knows it. */
export interface FrameMenuTarget {
  at: FrameAt;
  current: FrameFlag | undefined;
  /** The pre-screen's suggestion, when the frame carries no flag yet. */
  suggestion: Suggestion | null;
  /** The viewer's address for the frame. */
  href: string;
  /** The thumbnail: the focus goes back to it when the menu closes. */
  from: HTMLElement;
  anchor: MenuAnchor;
}

export interface FrameMenuProps {
  target: FrameMenuTarget;
  onFlag(at: FrameAt, current: FrameFlag | undefined, from: HTMLElement): void;
  onUnflag(at: FrameAt): void;
  onAccept(at: FrameAt, suggestion: Suggestion): void;
  onClose(): void;
  /** Why the person may not flag this survey's frames (issue 52): its flag items disabled, the reason said first. */
  refusal?: string | null;
}

/** A zero-sized element at a point, which Fluent's positioning takes as the menu's target. */
function pointTarget({ x, y }: { x: number; y: number }) {
  return { getBoundingClientRect: () => ({ x, y, top: y, left: x, bottom: y, right: x, width: 0, height: 0 }) };
}

export function FrameMenu({ target, onFlag, onUnflag, onAccept, onClose, refusal = null }: FrameMenuProps) {
  const [, navigate] = useLocation();
  const { at, current, suggestion, from, anchor } = target;
  const atPoint = !(anchor instanceof HTMLElement);
  // An item closes the menu itself (the menu's own close, which follows, does nothing more).
  const closedByItem = useRef(false);
  // Back on the thumbnail, so the reviewer goes on by keyboard from the frame they acted on; then
  // `next`. Flag frame… opens its dialog only from there, as F on the thumbnail does: a dialog
  // opened while the menu was still handing the focus back lost it to the page behind, and a
  // keyboard user could not reach it.
  const close = (refocus: boolean, next?: () => void) => {
    closedByItem.current = true;
    onClose();
    if (refocus) {
      requestAnimationFrame(() => {
        if (from.isConnected) from.focus({ preventScroll: true });
        next?.();
      });
    }
  };
  return (
    <Menu
      open
      onOpenChange={(_, data) => !data.open && !closedByItem.current && close(true)}
      positioning={{ target: atPoint ? pointTarget(anchor) : anchor, position: 'below', align: 'start', offset: atPoint ? 2 : 4 }}
    >
      <MenuPopover>
        <MenuList aria-label={`Frame ${at.frame} · ${at.camera} · Line ${at.line}`}>
          {refusal && <MenuGroupHeader>{refusal}</MenuGroupHeader>}
          <MenuItem
            icon={<FlagRegular />}
            secondaryContent="F"
            disabled={!!refusal}
            onClick={() => close(true, () => onFlag(at, current, from))}
          >
            Flag frame…
          </MenuItem>
          {current && (
            <MenuItem
              icon={<FlagOffRegular />}
              secondaryContent="U"
              disabled={!!refusal}
              onClick={() => {
                onUnflag(at);
                close(true);
              }}
            >
              Unflag frame
            </MenuItem>
          )}
          {suggestion && !current && (
            <MenuItem
              icon={<SparkleRegular />}
              secondaryContent="S"
              disabled={!!refusal}
              onClick={() => {
                onAccept(at, suggestion);
                close(true);
              }}
            >
              Accept suggestion
            </MenuItem>
          )}
          <MenuItem
            icon={<ArrowMaximizeRegular />}
            secondaryContent="Enter"
            onClick={() => {
              close(false);
              navigate(target.href);
            }}
          >
            Open in viewer
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
