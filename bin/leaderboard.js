#!/usr/bin/env node
import '../dist/bundle/index.js';
