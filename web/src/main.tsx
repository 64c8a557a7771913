import './csp.js';
import './early-fetch.js';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { forgetSharedOriginToken } from './lib/shared-origin.js';
import { isPublishedSite } from './lib/site-mode.js';
import { followThemeChanges } from './theme/theme.js';
import './styles/theme.css';
import './styles/layout.css';
import './styles/table.css';
import './styles/commits.css';
import './styles/reviews.css';
import './styles/repos.css';
import './styles/contributor.css';
import './styles/ranking-tools.css';
import './styles/phone.css';

followThemeChanges();
if (isPublishedSite()) forgetSharedOriginToken();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
