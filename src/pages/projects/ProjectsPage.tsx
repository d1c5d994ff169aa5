/**
 * /projects (docs/requirements.md#req-screen-projects, behind the projects flag): every project with its captures and surveys, and
 * a View Project link.
 */
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { AppLink } from '../../components/AppLink';
import { useView } from '../../engine/hooks';
import type { ProjectRow } from '../../../worker/screens';
import { paths } from '../../app/paths';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  // Columns sized by their content: Fluent's fixed layout gives every column the same width.
  table: { backgroundColor: tokens.colorNeutralBackground1, tableLayout: 'auto' },
  link: { color: tokens.colorBrandForegroundLink, overflowWrap: 'anywhere' },
  empty: { color: tokens.colorNeutralForeground3 },
  nowrap: { whiteSpace: 'nowrap' },
});

const NO_ROWS: ProjectRow[] = [];

export default function ProjectsPage() {
  const s = useStyles();
  const rows = useView({ view: 'projects' })?.rows ?? NO_ROWS;

  return (
    <div className={s.root}>
      <Title2 as="h1">Projects</Title2>
      <Table className={s.table} aria-label="Projects">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Project</TableHeaderCell>
            <TableHeaderCell>Captures</TableHeaderCell>
            <TableHeaderCell>Surveys</TableHeaderCell>
            <TableHeaderCell>Link</TableHeaderCell>
            <TableHeaderCell>Actions</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={5} className={s.empty}>
                No projects.
              </TableCell>
            </TableRow>
          )}
          {rows.map((r) => (
            <TableRow key={r.key}>
              <TableCell>{r.projectId}</TableCell>
              <TableCell>{r.captures}</TableCell>
              <TableCell>{r.surveys}</TableCell>
              <TableCell>
                {r.url ? (
                  <a href={r.url} target="_blank" rel="noopener noreferrer" className={s.link}>
                    {r.url}
                  </a>
                ) : (
                  '—'
                )}
              </TableCell>
              <TableCell className={s.nowrap}>
                <AppLink href={paths.project(r.projectId)} className={s.link} aria-label={`View Project ${r.projectId}`}>
                  View Project
                </AppLink>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
