import { Button, Title } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { Link, Outlet, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../shared/testing/render';
import { Page } from '../shared/ui/page';
import { RouteDialog } from '../shared/ui/route-dialog';
import { isNewPage, RouteAnnouncer, type PageView } from './route-announcer';

function Layout() {
  return (
    <>
      <RouteAnnouncer />
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}

function AddDialog() {
  const navigate = useNavigate();
  return (
    <RouteDialog
      title="Add a patient"
      onClose={() => {
        void navigate('..');
      }}
    >
      <Button
        onClick={() => {
          void navigate('..');
        }}
      >
        Done
      </Button>
    </RouteDialog>
  );
}

const routes = [
  {
    path: '/cgm',
    element: <Layout />,
    children: [
      {
        index: true,
        element: (
          <Page title="Home">
            <Link to="/cgm/patients">Patients</Link>
          </Page>
        ),
      },
      {
        path: 'patients',
        element: (
          <Page title="Patients">
            <Link to="/cgm/patients?search=rosa">Search for Rosa</Link>
            <Link to="/cgm/patients/add">Add a patient</Link>
            <Link to="/cgm">Home</Link>
            <Link to="/cgm/plain">Plain page</Link>
            <Outlet />
          </Page>
        ),
        children: [{ path: 'add', element: <AddDialog /> }],
      },
      // A page with an h1 of its own that does not name the tab.
      { path: 'plain', element: <Title order={1}>Forgotten password</Title> },
    ],
  },
];

const announcer = () => screen.getByRole('status');

describe('isNewPage', () => {
  const h1 = document.createElement('h1');
  const other = document.createElement('h1');
  const view = (pathname: string, heading: HTMLElement | null = h1, text = 'Rosa'): PageView => ({
    pathname,
    heading,
    text,
  });

  it.each([
    { change: 'the query string only', before: view('/cgm/patients'), after: view('/cgm/patients'), expected: false },
    {
      change: 'a dialog route opening',
      before: view('/cgm/patient/7'),
      after: view('/cgm/patient/7/edit'),
      expected: false,
    },
    {
      change: 'a dialog route closing',
      before: view('/cgm/patient/7/edit'),
      after: view('/cgm/patient/7'),
      expected: false,
    },
    { change: 'a page under another', before: view('/cgm'), after: view('/cgm/manage', other), expected: true },
    {
      change: 'a page under another, its h1 element kept with a new text',
      before: view('/cgm'),
      after: view('/cgm/manage', h1, 'Patients'),
      expected: true,
    },
    { change: 'another page', before: view('/cgm/patients'), after: view('/cgm/patient/7', other), expected: true },
    {
      change: 'another page, same component',
      before: view('/cgm/patient/7'),
      after: view('/cgm/patient/8'),
      expected: true,
    },
  ])('is $expected for $change', ({ before, after, expected }) => {
    expect(isNewPage(before, after)).toBe(expected);
  });
});

describe('RouteAnnouncer (WCAG 2.4.3, 4.1.3)', () => {
  it('leaves the focus alone on the first load', async () => {
    renderApp(routes, { initialEntries: ['/cgm/patients'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Patients' })).not.toHaveFocus();
    expect(announcer()).toBeEmptyDOMElement();
    expect(document.title).toBe('Patients · Cognitive Assessment');
  });

  it('after a navigation puts the focus on the new page’s h1 and announces its title', async () => {
    const { user } = renderApp(routes, { initialEntries: ['/cgm'] });
    await user.click(await screen.findByRole('link', { name: 'Patients' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Patients' });
    await waitFor(() => {
      expect(heading).toHaveFocus();
    });
    await waitFor(() => {
      expect(announcer()).toHaveTextContent('Patients · Cognitive Assessment');
    });
    expect(document.title).toBe('Patients · Cognitive Assessment');

    // Back to a page seen before: announced again.
    await user.click(screen.getByRole('link', { name: 'Home' }));
    await waitFor(() => {
      expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toHaveFocus();
    });
    await waitFor(() => {
      expect(announcer()).toHaveTextContent('Home · Cognitive Assessment');
    });
  });

  it('names the tab after the h1 of a page that does not name it itself', async () => {
    const { user } = renderApp(routes, { initialEntries: ['/cgm/patients'] });
    await user.click(await screen.findByRole('link', { name: 'Plain page' }));
    await waitFor(() => {
      expect(screen.getByRole('heading', { level: 1, name: 'Forgotten password' })).toHaveFocus();
    });
    expect(document.title).toBe('Forgotten password · Cognitive Assessment');
    await waitFor(() => {
      expect(announcer()).toHaveTextContent('Forgotten password · Cognitive Assessment');
    });
  });

  it('keeps the focus where it is when only the query string changes', async () => {
    const { user, router } = renderApp(routes, { initialEntries: ['/cgm/patients'] });
    const search = await screen.findByRole('link', { name: 'Search for Rosa' });
    await user.click(search);
    await waitFor(() => {
      expect(router.state.location.search).toBe('?search=rosa');
    });
    expect(search).toHaveFocus();
    expect(announcer()).toBeEmptyDOMElement();
  });

  it('leaves the focus to a dialog route as it opens, and to its opener as it closes', async () => {
    const { user, router } = renderApp(routes, { initialEntries: ['/cgm/patients'] });
    const opener = await screen.findByRole('link', { name: 'Add a patient' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Add a patient' });
    await waitFor(() => {
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/cgm/patients');
    });
    await waitFor(() => {
      expect(opener).toHaveFocus();
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Patients' })).not.toHaveFocus();
    expect(announcer()).toBeEmptyDOMElement();
  });
});
