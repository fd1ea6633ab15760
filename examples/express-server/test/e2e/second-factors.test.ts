import { createApp } from '../../src/app.js';
import { describeSecondFactors } from './second-factor-suite.js';

describeSecondFactors('Express', createApp);
