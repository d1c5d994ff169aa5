/**
 * The entities as the page holds them: as the worker sends them, without their workflows (which
 * stay in the engine; a screen reads the derived stage view). Page code names them by these.
 */
import type { SentOf } from '../../worker/domain/types';

export type Survey = SentOf<'surveys'>;
export type Capture = SentOf<'captures'>;
export type Media = SentOf<'media'>;
