// Loaded lazily by LazyMotion: the animation features of framer-motion.
import { domAnimation } from 'framer-motion';

export default domAnimation;
