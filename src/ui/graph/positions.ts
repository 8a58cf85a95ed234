/**
 * Node positions from the layout, shared with pod chips so that a replacement pod can start its
 * travel animation from where its predecessor's node is drawn.
 */
import { createContext, useContext } from 'react';

export const PositionsContext = createContext<ReadonlyMap<string, { x: number; y: number }>>(new Map());

export function useNodePosition(name: string | undefined): { x: number; y: number } | undefined {
  const m = useContext(PositionsContext);
  return name ? m.get(name) : undefined;
}
