/**
 * The least a sign-in page can download with the stack DESIGN.md requires: a Mantine form of email and password,
 * validated by a zod schema through react-hook-form's zodResolver, its texts from i18next, on React Router's data
 * router, inside TanStack Query's provider. Nothing else: no session, HTTP client, route table, header, footer,
 * offline state or error capture. `npm run bench -- stack-floor` builds it and reports its scripts as transferred.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, MantineProvider, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { createRoot } from 'react-dom/client';
import { useForm } from 'react-hook-form';
import { initReactI18next, useTranslation } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { z } from 'zod/mini';

const signInSchema = z.object({
  email: z.string().check(z.email('invalidEmail')),
  password: z.string().check(z.minLength(1, 'required')),
});
type SignIn = z.infer<typeof signInSchema>;

function SignInPage() {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignIn>({ resolver: zodResolver(signInSchema) });
  const signIn = handleSubmit(({ email }) => {
    document.title = email;
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        void signIn(event);
      }}
    >
      <Stack>
        <Title order={1}>{t('signIn')}</Title>
        <TextInput label={t('email')} {...register('email')} error={errors.email?.message && t(errors.email.message)} />
        <PasswordInput
          label={t('password')}
          {...register('password')}
          error={errors.password?.message && t(errors.password.message)}
        />
        <Button type="submit">{t('signIn')}</Button>
      </Stack>
    </form>
  );
}

const texts = {
  signIn: 'Sign in',
  email: 'Email',
  password: 'Password',
  invalidEmail: 'Invalid',
  required: 'Required',
};
const root = document.getElementById('root');
if (root) {
  void i18next
    .use(initReactI18next)
    .init({ lng: 'en-US', resources: { 'en-US': { translation: texts } } })
    .then(() => {
      const router = createBrowserRouter([{ path: '*', element: <SignInPage /> }]);
      createRoot(root).render(
        <MantineProvider>
          <QueryClientProvider client={new QueryClient()}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </MantineProvider>,
      );
    });
}
