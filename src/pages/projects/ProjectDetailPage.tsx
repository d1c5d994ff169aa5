/**
 * /projects/{pid} (docs/requirements.md#req-screen-projects): the project and its captures, each linking to its surveys tab.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { AppLink } from '../../components/AppLink';
import { useView } from '../../engine/hooks';
import { BootSpinner } from '../../shell/BootSpinner';
import { paths } from '../../app/paths';
import { PageHeading } from '../../components/PageHeading';
import { NotFoundPage } from '../NotFoundPage';
import { CaptureTable } from '../captures/CaptureTable';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  link: { color: tokens.colorBrandForegroundLink },
});

export default function ProjectDetailPage({ projectId }: { projectId: string }) {
  const s = useStyles();
  const answer = useView({ view: 'project', projectId });
  if (!answer) return <BootSpinner label="Loading the project…" />;
  const { project, rows } = answer;
  if (!project) return <NotFoundPage />;
  return (
    <div className={s.root}>
      <PageHeading
        title={`Project ${project.projectId}`}
        subtitle={
          <>
            {rows.length} {rows.length === 1 ? 'capture' : 'captures'} ·{' '}
            <AppLink href={paths.projects()} className={s.link}>
              Back to the project list
            </AppLink>
          </>
        }
      />
      <CaptureTable label={`Captures of ${project.projectId}`} rows={rows} empty="This project has no captures." />
    </div>
  );
}
