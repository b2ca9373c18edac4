import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RouteError } from '../shell/route-error';
import { loadAllNamespaces } from './i18n';
import { loadAllStyles } from './load-all-styles';

/**
 * A feature's code with the styles and translations the first visit left out, so no page shows before its
 * styles and texts are in.
 */
export const withStyles = async <T,>(module: Promise<T>): Promise<T> =>
  (await Promise.all([module, loadAllStyles(), loadAllNamespaces()]))[0];

/** A lazily loaded page: its feature's code downloads only when the route is first opened. */
export function page(load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: await withStyles(load()) }) };
}

/**
 * A page that throws or whose code fails to download shows the catalogue's text inside the shell (top bar and
 * footer stay); the error element on the shell's own route covers a broken shell.
 */
export const insideShell = (children: RouteObject[]): RouteObject[] => [{ errorElement: <RouteError />, children }];
