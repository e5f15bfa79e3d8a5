/** Title and one honest sentence for each dashboard page that is not built yet. */
export const COMING_SOON = {
  automation: {
    title: 'Automation',
    description: 'Schedule tasks that turn new pages of your site into videos automatically.',
  },
  automationTask: {
    title: 'Automation task',
    description: 'Set a task’s schedule, the pages it picks and the settings of the videos it makes.',
  },
  createBulk: {
    title: 'Bulk create',
    description: 'Create up to 20 videos at once from web pages, AI topics or narration files.',
  },
  proTools: {
    title: 'Pro tools',
    description: 'Ask our production team to make videos for you and follow your requests.',
  },
  accountAuth: {
    title: 'Authorize an application',
    description: 'Connect third-party applications to your Pagecast account.',
  },
  access: {
    title: 'Account access',
    description: 'Give teammates access to your account and switch between accounts shared with you.',
  },
  shareNew: {
    title: 'Share access',
    description: 'Invite someone to your account with a manager or limited role.',
  },
  shareEdit: {
    title: 'Edit shared access',
    description: 'Change the role of a person you invited, resend the invitation or revoke access.',
  },
  sharedEdit: {
    title: 'Shared account settings',
    description: 'Set an alias and preferences for an account that was shared with you.',
  },
  mcp: {
    title: 'API keys',
    description: 'Create and revoke API keys that let AI assistants and tools work with Pagecast.',
  },
  aiVideoClip: {
    title: 'AI video clips',
    description: 'Generate short video clips from a prompt or a still image.',
  },
  characters: {
    title: 'Characters',
    description: 'Create AI characters from reference images and reuse them across your videos.',
  },
  ugc: {
    title: 'Product videos',
    description: 'Generate short vertical product videos from a product description and media.',
  },
  aiAgent: {
    title: 'AI assistant',
    description: 'Chat with the Pagecast assistant to plan and build your videos.',
  },
  plans: {
    title: 'Plans',
    description: 'Compare plans, see your usage and change your subscription.',
  },
  resources: {
    title: 'Resources',
    description: 'Guides, answers to common questions and ways to reach our support team.',
  },
} as const;

export type ComingSoonKey = keyof typeof COMING_SOON;
