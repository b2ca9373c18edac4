/**
 * What the patient's link page adds to the first visit's styles (first-visit-styles.ts): its grid, its dialog, the
 * privacy notice's lists and check box (not the sign-in page's: it has none) and the form's radio buttons. A patient
 * on a phone then waits for these few rules instead of Mantine's whole stylesheet, which still follows when the page
 * is idle (main.tsx).
 */
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/RadioIndicator.layer.css';
import '@mantine/core/styles/Radio.layer.css';
