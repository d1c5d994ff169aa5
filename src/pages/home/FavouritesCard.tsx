/**
 * The dashboard's "My favorites" (issue 36): what the signed-in person starred, captures, surveys
 * and media sets, up to ten of each in the lists' order, each where it leads, and a link to the
 * whole list with "My favorites" on when there are more. Answered by the starred view.
 */
import type { ReactNode } from 'react';
import { Card, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'wouter';
import { surveyLabel, surveyTitle } from '../../../worker/domain/names';
import type { RowsOf, StarredAnswer } from '../../../worker/screens';
import { paths } from '../../app/paths';
import { StageStatus } from '../../components/StageStatus';
import { StarButton } from '../../components/StarButton';
import { useCurrent, useFlags, useView } from '../../engine/hooks';
import { FAVORITES_PARAM } from '../../hooks/useFavoritesSwitch';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  part: { display: 'flex', flexDirection: 'column' },
  head: { display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalS },
  kind: { color: tokens.colorNeutralForeground2, fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase200 },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  row: {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr) auto',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} 0`,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  what: { display: 'flex', flexDirection: 'column', minWidth: 0, overflowWrap: 'anywhere' },
  link: { color: tokens.colorBrandForegroundLink, fontWeight: tokens.fontWeightSemibold },
  meta: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  count: { color: tokens.colorNeutralForeground3 },
  empty: { color: tokens.colorNeutralForeground3, padding: `${tokens.spacingVerticalM} 0` },
});

interface Item {
  key: string;
  star: ReactNode;
  title: ReactNode;
  meta: string;
  status: ReactNode;
}

/** One kind's starred entities: its heading, its rows, and "n of total" to the whole list. */
function Part({ title, list, items, allHref }: { title: string; list: RowsOf<unknown>; items: Item[]; allHref: string | null }) {
  const s = useStyles();
  if (!list.total) return null;
  const more = list.total > list.rows.length;
  return (
    <section className={s.part} aria-label={`Favorite ${title.toLowerCase()}`}>
      <div className={s.head}>
        <Text as="h3" className={s.kind}>
          {title}
        </Text>
        {more && allHref ? (
          <Link href={allHref} className={s.link} aria-label={`Favorite ${title.toLowerCase()}: show all ${list.total}`}>
            {list.rows.length} of {list.total}
          </Link>
        ) : (
          <Text className={s.count}>{more ? `${list.rows.length} of ${list.total}` : list.total}</Text>
        )}
      </div>
      <ul className={s.list}>
        {items.map((item) => (
          <li key={item.key} className={s.row}>
            {item.star}
            <div className={s.what}>
              {item.title}
              <span className={s.meta}>{item.meta}</span>
            </div>
            {item.status}
          </li>
        ))}
      </ul>
    </section>
  );
}

const withFavorites = (path: string) => `${path}?${FAVORITES_PARAM}=1`;

export function FavouritesCard() {
  const s = useStyles();
  const email = useCurrent().user?.email ?? null;
  const surveysPage = useFlags().surveys;
  const starred: StarredAnswer | undefined = useView({ view: 'starred', email });
  const none = !starred || starred.captures.total + starred.surveys.total + starred.media.total === 0;
  return (
    <Card className={s.card} role="region" aria-labelledby="dash-my-favorites">
      <Subtitle2 as="h2" id="dash-my-favorites">
        My favorites
      </Subtitle2>
      {none ? (
        <Text className={s.empty}>
          {starred ? 'Nothing starred yet. Star a capture, a survey or a media set with the star beside its id to find it here.' : 'Loading your favorites…'}
        </Text>
      ) : (
        <>
          <Part
            title="Captures"
            list={starred.captures}
            allHref={withFavorites(paths.captures())}
            items={starred.captures.rows.map((c) => ({
              key: c.key,
              star: <StarButton kind="captures" id={c.captureId} name={`capture ${c.cpid}`} />,
              title: (
                <Link href={paths.capture(c.captureId)} className={s.link}>
                  {c.cpid}
                </Link>
              ),
              meta: `${c.description} · ${c.season}`,
              status: <StageStatus stage={c.stage} />,
            }))}
          />
          <Part
            title="Surveys"
            list={starred.surveys}
            allHref={surveysPage ? withFavorites(paths.surveys()) : null}
            items={starred.surveys.rows.map((v) => ({
              key: v.key,
              star: <StarButton kind="surveys" id={v.surveyId} name={surveyLabel(v.surveyId)} />,
              title: (
                <Link href={v.flags.qcInProgress ? paths.surveyQc(v.surveyId) : paths.capture(v.captureId)} className={s.link}>
                  {surveyTitle(v.surveyId)}
                </Link>
              ),
              meta: v.cpid,
              status: <StageStatus stage={v.stage} />,
            }))}
          />
          <Part
            title="Media sets"
            list={starred.media}
            allHref={withFavorites(paths.media())}
            items={starred.media.rows.map((m) => ({
              key: m.key,
              star: <StarButton kind="media" id={m.mediaId} name={`media set ${m.mediaId}`} />,
              title: (
                <Link href={withFavorites(paths.media())} className={s.link}>
                  {m.receiveId ?? m.mediaId}
                </Link>
              ),
              meta: m.captures.map((c) => c.cpid).join(', ') || 'no surveys',
              status: <StageStatus stage={m.stage} />,
            }))}
          />
        </>
      )}
    </Card>
  );
}
