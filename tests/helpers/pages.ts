/**
 * Pages over a leader, in Node: each tab's copy is the page's own (src/engine/answers.ts), fed
 * with the page events the leader sends it, so tests see what a screen would draw.
 */
import type { PageEvent, PageEventBody } from '../../worker/api';
import { DEFAULT_FLAGS } from '../../worker/domain/constants';
import type { Engine } from '../../worker/engine/engine';
import { Leader, type TabId } from '../../worker/leader';
import type { AnswerOf, ViewSpec } from '../../worker/screens';
import { Answers } from '../../src/engine/answers';

export interface TestPage {
  tab: TabId;
  answers: Answers;
  /** Every page event this tab received, in order. */
  events: PageEvent[];
  /** Opens a view (kept open); answers what the page holds for it now. */
  open<S extends ViewSpec>(spec: S): () => AnswerOf<S> | undefined;
}

export interface TestPages {
  leader: Leader;
  page(tab?: TabId): TestPage;
}

export function pagesOver(engine: Engine): TestPages {
  const pages = new Map<TabId, TestPage>();
  const leader = new Leader(engine, (tab, body: PageEventBody) => {
    const page = pages.get(tab);
    if (!page) return;
    const event = { seq: page.events.length + 1, ...body };
    page.events.push(event);
    page.answers.apply(event);
  });
  const page = (tab: TabId = 'tab-1'): TestPage => {
    let p = pages.get(tab);
    if (p) return p;
    const answers = new Answers({ loggedIn: false, user: null }, { ...DEFAULT_FLAGS }, {
      openView: (id, spec) => leader.openView(tab, id, spec),
      closeView: (id) => leader.closeView(tab, id),
    });
    p = {
      tab,
      answers,
      events: [],
      open: (spec) => {
        answers.subscribeView(spec, () => {});
        return () => answers.view(spec).answer;
      },
    };
    pages.set(tab, p);
    leader.addTab(tab);
    return p;
  };
  return { leader, page };
}
