import { Badge, Box, Button, Card, Container, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconDeviceMobile,
  IconCrown,
  IconMapPin,
  IconMessages,
  IconTarget,
  IconUsersGroup,
  IconView360,
} from '@tabler/icons-react';
import { AppLink } from '../components/AppLink';
import { AccountActionsIsland } from '../components/AccountActionsIsland';
import { Brand } from '../components/Brand';
import { SiteFooter } from '../components/SiteFooter';

const FEATURES = [
  {
    icon: IconView360,
    title: 'Cross-Platform WebXR AR',
    text: 'See lifelike dinosaurs in augmented reality right in the browser, on mobile devices and AR headsets. No app to install.',
  },
  {
    icon: IconMapPin,
    title: 'GPS Tracking',
    text: 'Your real-world location drives the hunt: walk the park, follow the scanner and close in on your target.',
  },
  {
    icon: IconUsersGroup,
    title: 'Multiplayer Sessions',
    text: 'Team up with friends or join public expeditions led by a game master.',
  },
  {
    icon: IconMessages,
    title: 'Real-Time Communication',
    text: 'Radio your team and headquarters with text, quick actions, photos and video while you hunt.',
  },
];

export function LandingPage() {
  return (
    <>
      <LandingMain />
      <SiteFooter />
    </>
  );
}

/** The page's one main landmark: the hero (with the site's top bar), the features and the roles. */
function LandingMain() {
  return (
    <Box component="main">
      <Box
        component="section"
        className="on-dark"
        style={{
          background:
            'radial-gradient(ellipse at 70% 0%, rgba(87,204,112,0.35), transparent 60%), linear-gradient(160deg, #0b1a12 0%, #12341f 55%, #1d4a2b 100%)',
          color: 'white',
        }}
      >
        <Container size="lg" py="sm">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Brand light compact />
            <AccountActionsIsland onDark />
          </Group>
        </Container>
        <Container size="lg" py={{ base: 48, sm: 96 }}>
          <Stack gap="lg" maw={720}>
            <Badge variant="light" color="amber" size="lg" w="fit-content">
              Web-based AR experience
            </Badge>
            <Title order={1} fz={{ base: 36, sm: 56 }} lh={1.05}>
              Hunt real dinosaurs in the real world.
            </Title>
            <Text size="lg" c="gray.3">
              Dinohunt turns any park into a prehistoric expedition: multiplayer hunting sessions, realistic environments
              and lifelike dinosaurs in augmented reality, guided by your phone's GPS.
            </Text>
            <Group>
              <Button component={AppLink} to="/register" size="lg" color="amber" c="dark">
                Get Started
              </Button>
              <Button component={AppLink} to="/login" size="lg" variant="outline" color="gray.0">
                Sign In
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>

      <Container component="section" size="lg" py={64} aria-labelledby="features-title">
        <Title order={2} id="features-title" ta="center" mb="xl">
          Features
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
          {FEATURES.map((f) => (
            <Card key={f.title} withBorder padding="lg">
              <ThemeIcon size={44} radius="md" variant="light" mb="md">
                <f.icon size={26} />
              </ThemeIcon>
              <Text fw={700} mb={6}>
                {f.title}
              </Text>
              <Text size="sm" c="dimmed">
                {f.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>

      <Box component="section" bg="gray.0" py={64} aria-labelledby="roles-title">
        <Container size="lg">
          <Title order={2} id="roles-title" ta="center" mb="xl">
            Choose Your Role
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Card withBorder padding="xl">
              <Group mb="md">
                <ThemeIcon size={48} color="amber" variant="light">
                  <IconCrown size={28} />
                </ThemeIcon>
                <Title order={3}>GameMaster</Title>
              </Group>
              <List spacing={6} size="sm" mb="lg">
                <List.Item>Create hunting sessions for your group</List.Item>
                <List.Item>Deploy dinosaurs on the map and control the hunt</List.Item>
                <List.Item>Manage participants and monitor every hunter in real time</List.Item>
                <List.Item>Design custom missions with briefings</List.Item>
              </List>
              <Button component={AppLink} to="/register?role=gamemaster" fullWidth color="amber" c="dark">
                Become a GameMaster
              </Button>
            </Card>
            <Card withBorder padding="xl">
              <Group mb="md">
                <ThemeIcon size={48} variant="light">
                  <IconTarget size={28} />
                </ThemeIcon>
                <Title order={3}>Hunter</Title>
              </Group>
              <List spacing={6} size="sm" mb="lg">
                <List.Item>Join sessions with the credentials from your game master</List.Item>
                <List.Item>Track and observe dinosaurs on the map and in AR</List.Item>
                <List.Item>Complete mission objectives with your team</List.Item>
                <List.Item>Earn achievements as you hunt</List.Item>
              </List>
              <Button component={AppLink} to="/login?tab=hunter" fullWidth>
                Join as Hunter
              </Button>
            </Card>
          </SimpleGrid>
          <Group justify="center" mt="xl" gap={6}>
            <IconDeviceMobile size={16} />
            <Text size="sm" c="dimmed">
              Works in the browser on phones, tablets, desktops and AR headsets.
            </Text>
          </Group>
        </Container>
      </Box>
    </Box>
  );
}
