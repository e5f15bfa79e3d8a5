import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TagCategory } from '../api/types';
import { TagFilter } from './tag-filter';

function category(maxTagsPerEntity: number, counts: number[]): TagCategory {
  return {
    tagCategoryId: 22,
    name: 'Accent',
    maxTagsPerEntity,
    tags: counts.map((count, i) => ({ tagId: i + 1, tag: `Tag ${i + 1}`, parentTagId: null, count, recommendedCount: count })),
  } as TagCategory;
}

const shown = () => screen.getAllByTestId('voice-tag').map((el) => Number(el.getAttribute('data-tag-id')));

describe('TagFilter', () => {
  it('lists tags some voice has before zero-count ones, keeping their order', () => {
    render(<TagFilter category={category(1, [0, 0, 3, 0, 0, 0, 0, 2])} selected={[]} recommendedOnly onChange={vi.fn()} />);
    expect(shown().slice(0, 2)).toEqual([3, 8]);
    expect(shown()).toHaveLength(6);
  });

  it('disables the other checkboxes once maxTagsPerEntity are chosen', () => {
    render(<TagFilter category={category(2, [1, 1, 1])} selected={[1, 2]} recommendedOnly={false} onChange={vi.fn()} />);
    const boxes = screen.getAllByTestId('voice-tag') as HTMLInputElement[];
    expect(boxes.map((b) => [b.type, b.disabled])).toEqual([
      ['checkbox', false],
      ['checkbox', false],
      ['checkbox', true],
    ]);
  });
});
