import type { CombinedError } from 'urql';

/** An error as the API gave it: its `extensions.code`, the message and any field details; none, nothing. */
export function ErrorBox({
  error,
  title,
}: {
  error: CombinedError | Error | string | null | undefined;
  title?: string;
}) {
  if (!error) return null;
  let code = 'ERROR';
  let message = typeof error === 'string' ? error : error.message;
  const gql = (error as CombinedError).graphQLErrors?.[0];
  if (gql) {
    code = typeof gql.extensions?.code === 'string' ? gql.extensions.code : 'GRAPHQL_ERROR';
    message = gql.message;
  } else if ((error as CombinedError).networkError) {
    code = 'NETWORK_ERROR';
    message = (error as CombinedError).networkError!.message;
  }
  const details = gql?.extensions?.details as Array<{ field: string; message: string }> | undefined;
  return (
    <div role="alert" className="error">
      {title ? <strong>{title}: </strong> : null}
      <code className="error-code">{code}</code> {message}
      {details?.length ? (
        <ul>
          {details.map((d, i) => (
            <li key={i}>
              <code>{d.field}</code>: {d.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
