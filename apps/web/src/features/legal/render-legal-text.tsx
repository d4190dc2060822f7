import type { LegalText } from '../../components/legal-document.tsx';
import type { LegalBlock, LegalTextData } from './legal-text-data.ts';

const letters = 'abcdefghijklmnopqrstuvwxyz';

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') return <p>{block}</p>;
  if ('list' in block)
    return (
      <ul>
        {block.list.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  if ('lettered' in block)
    return (
      <ol type="a" aria-label={block.label}>
        {block.lettered.map((item, index) => (
          <li key={item} data-letter={letters[index]}>
            {item}
          </li>
        ))}
      </ol>
    );
  return (
    <address>
      {block.address.map((line, index) => (
        <span key={line}>
          {index > 0 && <br />}
          {line}
        </span>
      ))}
    </address>
  );
}

/** A block's key: a paragraph's words, or the one list or address of its kind in the section. */
const keyOf = (block: LegalBlock) => (typeof block === 'string' ? block : Object.keys(block).join());
const blocks = (list: readonly LegalBlock[]) =>
  list.map((block) => <Block key={keyOf(block)} block={block} />);

/** A translation's data as the page shows it: the same markup as the English sections. */
export function toLegalText(data: LegalTextData): LegalText {
  return {
    title: data.title,
    governingNotice: <p style={{ margin: 0 }}>{data.governingNotice}</p>,
    intro: blocks(data.intro),
    sections: data.sections.map((section) => ({
      id: section.id,
      title: section.title,
      body: blocks(section.body),
    })),
  };
}
