import { createContext, type ComponentType } from 'react';
import type { TooltipProps } from '@mantine/core';

/** Loads the hover tooltip a DeferredTooltip shows: Mantine's Tooltip with what it needs around it. */
export type TooltipSourceLoader = () => Promise<{ default: ComponentType<TooltipProps> }>;

/**
 * Where deferred hover tooltips come from. The app's layouts provide it (the walls' layout and the
 * Mantine screens' one); a component only asks, so it never reaches into the app for Mantine's shell.
 * Without a source, hints are not shown and their targets stand alone.
 */
export const TooltipSource = createContext<TooltipSourceLoader | null>(null);
