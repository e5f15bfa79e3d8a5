import { useState } from 'react';
import type { TagCategory } from '../api/types';

/** Spec 000: the tag list shows 6, then "Show more". */
export const TAGS_SHOWN = 6;

interface TagFilterProps {
  category: TagCategory;
  selected: number[];
  recommendedOnly: boolean;
  onChange: (tagIds: number[]) => void;
}

/** One tag category: radio buttons when a voice has at most one tag of it, checkboxes otherwise. */
export function TagFilter({ category, selected, recommendedOnly, onChange }: TagFilterProps) {
  const [expanded, setExpanded] = useState(false);
  const single = category.maxTagsPerEntity === 1;
  const countOf = (t: TagCategory['tags'][number]) => (recommendedOnly ? t.recommendedCount : t.count);
  // Tags some voice has come first, so "Show more" does not hide them behind disabled ones.
  const ordered = [...category.tags].sort(
    (a, b) => Number(countOf(b) > 0 || selected.includes(b.tagId)) - Number(countOf(a) > 0 || selected.includes(a.tagId)),
  );
  const tags = expanded ? ordered : ordered.slice(0, TAGS_SHOWN);
  const atLimit = !single && category.maxTagsPerEntity > 0 && selected.length >= category.maxTagsPerEntity;
  const name = `voice-tag-${category.tagCategoryId}`;

  return (
    <fieldset className="voice-tags" data-testid="voice-tag-category" data-category-id={category.tagCategoryId}>
      <legend>{category.name}</legend>
      {tags.map((tag) => {
        const count = countOf(tag);
        const checked = selected.includes(tag.tagId);
        return (
          <label key={tag.tagId} className={`voice-tag${count === 0 ? ' voice-tag--disabled' : ''}`}>
            <input
              type={single ? 'radio' : 'checkbox'}
              name={name}
              value={tag.tagId}
              checked={checked}
              disabled={!checked && (count === 0 || atLimit)}
              onChange={() => {
                if (single) onChange([tag.tagId]);
                else onChange(checked ? selected.filter((id) => id !== tag.tagId) : [...selected, tag.tagId]);
              }}
              data-testid="voice-tag"
              data-tag-id={tag.tagId}
            />
            <span>{tag.tag}</span>
            <span className="voice-tag__count">({count})</span>
          </label>
        );
      })}
      {category.tags.length > TAGS_SHOWN && (
        <button
          type="button"
          className="link-button"
          onClick={() => setExpanded((v) => !v)}
          data-testid="voice-tag-more"
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      )}
    </fieldset>
  );
}
