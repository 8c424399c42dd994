import { HomeHero } from './home-hero';
import { JourneyStepsSection } from './journey-steps-section';

/** spec §2.2 / §2.3: "/" and "/serviceability", the journey's first screen. */
export function HomeScreen() {
  return (
    <>
      <HomeHero />
      <JourneyStepsSection />
    </>
  );
}
