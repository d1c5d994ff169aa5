/**
 * The dashboard's "My favorites" (issue 36): what the signed-in person starred, captures, surveys
 * and media sets, up to ten of each in the lists' order, each with its star, where it leads and
 * where it stands, and a link to the whole list with "My favorites" on when there are more.
 * Answered by the starred view.
 */
import type { ReactNode } from 'react';
import { Card, Subtitle2, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Link } from 'wouter';
import type { FavouriteKind } from '../../../worker/domain/favourites';
import { surveyLabel, surveyTitle } from '../../../worker/domain/names';
import type { StageView } from '../../../worker/domain/types';
import type { RowsOf, StarredAnswer } from '../../../worker/screens';
import { paths } from '../../app/paths';
import { StageStatus } from '../../components/StageStatus';
import { StarButton } from '../../components/StarButton';
import { useCurrent, useFlags, useView } from '../../engine/hooks';
import { withFavorites } from '../../app/favoritesParam';
import { surveyHref } from './DashboardCard';
import { useDashboardStyles } from './dashboardStyles';

const useStyles = makeStyles({
  part: { display: 'flex', flexDirection: 'column' },
  head: { marginTop: tokens.spacingVerticalS },
  kind: { color: tokens.colorNeutralForeground2, fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase200 },
  /** A star before what it stars. */
  row: { gridTemplateColumns: 'auto minmax(0, 1fr) auto', padding: `${tokens.spacingVerticalXS} 0` },
  what: { overflowWrap: 'anywhere' },
});

/** One starred entity as the card lists it. */
interface Item {
  key: string;
  id: string;
  /** what its star says it stars: "capture CP001" */
  name: string;
  title: string;
  href: string;
  meta: string;
  stage: StageView;
}

/** One kind's starred entities: its heading, its rows, and "n of total" to the whole list. */
function Part({ title, kind, list, items, allHref }: { title: string; kind: FavouriteKind; list: RowsOf<unknown>; items: Item[]; allHref: string | null }) {
  const d = useDashboardStyles();
  const s = useStyles();
  if (!list.total) return null;
  const more = list.total > list.rows.length;
  const label = `Favorite ${title.toLowerCase()}`;
  return (
    <section className={s.part} aria-label={label}>
      <div className={mergeClasses(d.head, s.head)}>
        <Text as="h3" className={s.kind}>
          {title}
        </Text>
        {more && allHref ? (
          <Link href={allHref} className={d.link} aria-label={`${label}: show all ${list.total}`}>
            {list.rows.length} of {list.total}
          </Link>
        ) : (
          <Text className={d.count}>{more ? `${list.rows.length} of ${list.total}` : list.total}</Text>
        )}
      </div>
      <ul className={d.list}>
        {items.map((item) => (
          <li key={item.key} className={mergeClasses(d.row, s.row)}>
            <StarButton kind={kind} id={item.id} name={item.name} />
            <div className={mergeClasses(d.what, s.what)}>
              <Link href={item.href} className={d.link}>
                {item.title}
              </Link>
              <span className={d.meta}>{item.meta}</span>
            </div>
            <StageStatus stage={item.stage} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The card's three parts, from the starred view's answer. */
function parts(starred: StarredAnswer, surveysPage: boolean): ReactNode {
  const media = withFavorites(paths.media());
  return (
    <>
      <Part
        title="Captures"
        kind="captures"
        list={starred.captures}
        allHref={withFavorites(paths.captures())}
        items={starred.captures.rows.map((c) => ({ key: c.key, id: c.captureId, name: `capture ${c.cpid}`, title: c.cpid, href: paths.capture(c.captureId), meta: `${c.description} · ${c.season}`, stage: c.stage }))}
      />
      <Part
        title="Surveys"
        kind="surveys"
        list={starred.surveys}
        allHref={surveysPage ? withFavorites(paths.surveys()) : null}
        items={starred.surveys.rows.map((v) => ({ key: v.key, id: v.surveyId, name: surveyLabel(v.surveyId), title: surveyTitle(v.surveyId), href: surveyHref(v), meta: v.cpid, stage: v.stage }))}
      />
      <Part
        title="Media sets"
        kind="media"
        list={starred.media}
        allHref={media}
        // A media set has no page of its own: it leads to the person's starred sets on /media.
        items={starred.media.rows.map((m) => ({ key: m.key, id: m.mediaId, name: `media set ${m.mediaId}`, title: m.receiveId ?? m.mediaId, href: media, meta: m.captures.map((c) => c.cpid).join(', ') || 'no surveys', stage: m.stage }))}
      />
    </>
  );
}

export function FavouritesCard() {
  const d = useDashboardStyles();
  const email = useCurrent().user?.email ?? null;
  const surveysPage = useFlags().surveys;
  const starred = useView({ view: 'starred', email });
  const none = !starred || starred.captures.total + starred.surveys.total + starred.media.total === 0;
  return (
    <Card className={d.card} role="region" aria-labelledby="dash-my-favorites">
      <Subtitle2 as="h2" id="dash-my-favorites">
        My favorites
      </Subtitle2>
      {none ? (
        <Text className={d.empty}>
          {starred ? 'Nothing starred yet. Star a capture, a survey or a media set with the star beside its id to find it here.' : 'Loading your favorites…'}
        </Text>
      ) : (
        parts(starred, surveysPage)
      )}
    </Card>
  );
}
