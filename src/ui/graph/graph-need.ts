/**
 * The width the graph's pane needs so that no card is cut (presenter mode, at its 18 px floor),
 * or undefined when any width will do or none would. Written by the graph, read by the view
 * beside it, which gives up that much of its width (down to a minimum) rather than cover a card.
 */
import { createStore } from 'zustand/vanilla';

export const graphNeedStore = createStore<{ width: number | undefined }>(() => ({ width: undefined }));
