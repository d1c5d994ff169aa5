/**
 * The release notes as HTML (docs/requirements.md#req-screen-help: "release notes as HTML"). Kept as authored markup so the
 * product owner can paste notes from the wiki; the page sanitises it before rendering.
 */
export const RELEASE_NOTES_HTML = `
<h2>0.1 — first demo build</h2>
<p>The console now covers the whole path of a survey from the drive bay to publication, simulated in
the browser over static sample data. Two roles use it, although the console does not enforce them:</p>
<ul>
  <li><strong>Data coordinator</strong>: inserts and receives media, and <em>assigns</em> the received
  surveys to technicians.</li>
  <li><strong>Geomatics technician</strong>: processes the Applanix positioning and PodConfig pod
  configuration of the surveys assigned to them, runs survey QC (approve or reject), processes the
  approved surveys of a capture, runs capture QC and publishes.</li>
</ul>
<h3>New</h3>
<ul>
  <li>Drives: insert simulated media, receive it with a media id per bay, cancel, eject and assign.</li>
  <li>Captures: sortable by capture id or last received date; survey counts with a breakdown by stage;
  Process, Start QC, View QC and Publish offered when the capture allows them.</li>
  <li>Survey QC: a thumbnail grid of six cameras per image row, lines that collapse, a sticky camera
  header, and a single image viewer at 1/8, 1/4, 1/2 and full frame.</li>
  <li>Works offline: install the console from the browser's address bar and keep working in the van.</li>
  <li>Settings: optional Projects and (All) Surveys pages, row highlighting, and a simulation speed of
  1×, 10× or 100× for demos.</li>
</ul>
<h3>Changed</h3>
<ul>
  <li>Flash messages leave after four seconds, except errors, which stay until closed.</li>
</ul>
<script>alert('never runs: release notes are sanitised')</script>
`;
