import type { ReactNode } from 'react';

interface TileGridProps<T> {
  items: readonly T[];
  keyOf: (item: T) => string | number;
  render: (item: T, index: number) => ReactNode;
  /** Accessible name of the list, e.g. the block heading id. */
  labelledBy?: string;
}

/** Tile grid of spec 2: five columns above 1199 px, four above 991, three above 767, else two. */
export function TileGrid<T>({ items, keyOf, render, labelledBy }: TileGridProps<T>) {
  return (
    <ul className="tile-grid" aria-labelledby={labelledBy}>
      {items.map((item, index) => (
        <li key={keyOf(item)} className="tile-grid__item">
          {render(item, index)}
        </li>
      ))}
    </ul>
  );
}
