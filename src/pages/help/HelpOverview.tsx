/**
 * /help: what the console is, that its data is real but static, and the workflow in order.
 */
import { Body1, MessageBar, MessageBarBody, Subtitle1, makeStyles, tokens } from '@fluentui/react-components';
import { APP_VERSION } from '../../pwa/register';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '80ch' },
  steps: { margin: 0, paddingLeft: '1.5em', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  version: { color: tokens.colorNeutralForeground3 },
});

export function HelpOverview() {
  const s = useStyles();
  return (
    <div className={s.root}>
      <MessageBar intent="info">
        <MessageBarBody>
          The data is real but static: the projects, captures, flight plans and surveys come from a fixed sample
          set, and every step of the workflow is simulated in this browser. Nothing is sent to a server.
        </MessageBarBody>
      </MessageBar>
      <Body1 as="p">
        Staff receive media drives holding aerial surveys, confirm positioning (Applanix) and pod configuration
        (PodConfig) data, check the survey images (QC), process the approved surveys of a capture, check the
        processed capture and publish it.
      </Body1>
      <Subtitle1 as="h2">The workflow</Subtitle1>
      <ol className={s.steps}>
        <li>
          <strong>Insert and receive.</strong> On the <strong>Drives</strong> page, insert media into an empty drive, then Receive it: give each bay its media id. Copying and receiving take
          simulated time.
        </li>
        <li>
          <strong>Assign.</strong> Once received, assign the media's surveys (to yourself by default) on the <strong>Drives</strong> or{' '}
          <strong>Media</strong> page.
        </li>
        <li>
          <strong>Applanix and PodConfig.</strong> A survey waiting for them offers Process Applanix and Process PodConfig
          (upload one .xml file).
        </li>
        <li>
          <strong>Survey QC.</strong> After frame extraction, Start QC, look through the thumbnails of the six cameras,
          then Approve Survey or Reject Survey.
        </li>
        <li>
          <strong>Process the capture.</strong> On the <strong>Captures</strong> page, Process runs the approved surveys through feature matching, bundle adjustment, rolling shutter and
          orthorectification.
        </li>
        <li>
          <strong>Capture QC and publish.</strong> Start QC on the capture, approve it, then Publish.
        </li>
      </ol>
      <Body1 as="p">
        Demos go faster with a higher simulation speed in <strong>Settings</strong>, where you can also reset or clean the demo data.
      </Body1>
      <Body1 as="p" className={s.version}>
        Version {APP_VERSION}
      </Body1>
    </div>
  );
}
