/**
 * Issue 32: the styles of the patient link page's first visit (patient-main.tsx), instead of the staff's first visit's
 * (first-visit-styles.ts, with its sign-in page, menus and tabs): Mantine's base and the components the shell shows a
 * patient and the link page draws, each of Mantine's per-component files. The rest follows once the page is idle, and
 * every lazily loaded page waits for it (route-pages.tsx). Layered, as there: the application's own styles win over
 * Mantine's whatever order the files arrive in, and a rule loaded twice changes nothing. Dependencies come before the
 * components that build on them.
 */
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
// The details check's dialog (its code loads when it opens).
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Modal.layer.css';
