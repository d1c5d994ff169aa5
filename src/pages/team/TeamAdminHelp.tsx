/**
 * Who may add people to a team world and change their roles, and how (issue 52,
 * docs/sync.md#who-can-do-what): the server's admin alone, with the console's two scripts. A laptop
 * cannot: it says so rather than offer a button the server would refuse.
 */
import { Text, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: { margin: 0, paddingLeft: '1.25em', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  code: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
});

export function TeamAdminHelp({ world }: { world: string }) {
  const s = useStyles();
  const code = (text: string) => <code className={s.code}>{text}</code>;
  return (
    <div className={s.root}>
      <Text>
        Only the team server’s admin adds people to the team world and gives or changes their roles, on the server; no one does it from a laptop. A new role
        holds on the person’s laptop from its next sign-in to the team server, or within a minute while it reaches the server.
      </Text>
      <ul className={s.list}>
        <li>
          <Text>
            Add a person: {code('SYNC_USER_PASSWORD=… npm run sync:user -- <server url> <email> --role technician')} (or {code('--role coordinator')}), then{' '}
            {code(`npm run sync:setup -- <server url> ${world} --members <email>`)}.
          </Text>
        </li>
        <li>
          <Text>
            Change a role: {code('npm run sync:user -- <server url> <email> --role coordinator')}, or several at once:{' '}
            {code(`npm run sync:setup -- <server url> ${world} --coordinators <email> --technicians <email>,<email>`)}.
          </Text>
        </li>
        <li>
          <Text>Remove a person: {code('--remove <email>')} to both. Their laptop is refused, says why, and keeps its world.</Text>
        </li>
      </ul>
      <Text>Each command runs with the server admin’s name and password in {code('SYNC_ADMIN=name:password')}.</Text>
    </div>
  );
}
