// The species' mark lives in the domain (species-marks.ts), where marks are also kept apart.
export { speciesInitials, speciesMarks } from '../../../domain/species-marks';
