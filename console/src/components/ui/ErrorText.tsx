/** An error text in red; none is a plain muted dash (an empty cell is no alarm). */
export function ErrorText({ text, as: Tag = 'span' }: { text: string | null | undefined; as?: 'span' | 'dd' }) {
  return text ? <Tag className="error-text">{text}</Tag> : <Tag className="muted">—</Tag>;
}
