/** Mantine's whole stylesheet, for every component the first visit did not need (first-visit-styles.ts). */
import '@mantine/core/styles.layer.css';
