import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readPayConfig } from './config.ts';
import { PayApp } from './PayApp.tsx';
import './pay.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root');
createRoot(root).render(
  <StrictMode>
    <PayApp win={window} config={readPayConfig(document)} />
  </StrictMode>,
);
