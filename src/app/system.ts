import { createSystem, defaultConfig } from '@chakra-ui/react';
import { brandConfig } from './brand-config';

export const system = createSystem(defaultConfig, brandConfig);
