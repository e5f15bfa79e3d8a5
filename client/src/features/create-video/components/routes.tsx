import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { AspectRatioPage } from './aspect-ratio-page';
import { ChooseTypePage } from './choose-type-page';
import { CreateVideoLayout } from './create-video-layout';
import { ExpressPage } from './express-page';
import { FromScratchPage } from './from-scratch-page';
import { GenerateScriptPage } from './generate-script-page';
import { GeneratingPage } from './generating-page';
import { LockedPage } from './locked-page';
import { OverviewPage } from './overview-page';
import { PullContentPage } from './pull-content-page';
import { RequireType } from './require-type';
import { ScriptTransformPage } from './script-transform-page';
import { SettingsPage } from './settings-page';
import { VoiceoverPage } from './voiceover-page';

function step(path: string, title: string, element: ReactNode, needsType = true): RouteObject {
  return { path, element: needsType ? <RequireType>{element}</RequireType> : element, handle: { title } };
}

/** createSingleVideoRoute: /dashboard/create-video/single and its children (spec 001 section 2). */
export const createSingleVideoRoute: RouteObject = {
  path: 'create-video/single',
  element: <CreateVideoLayout />,
  handle: { title: 'Create a video' },
  children: [
    { index: true, element: <ChooseTypePage />, handle: { title: 'Create a video' } },
    step('aspect-ratio', 'Choose the format', <AspectRatioPage />),
    step('pull-content', 'Pull page content', <PullContentPage />),
    step('from-scratch', 'Write your script', <FromScratchPage />),
    step('generate-script', 'Generate a script', <GenerateScriptPage />),
    step('script-transform', 'Transform the script', <ScriptTransformPage />),
    step('voiceover', 'Upload a voiceover', <VoiceoverPage />),
    step('settings', 'Video settings', <SettingsPage />),
    step('overview', 'Review and create', <OverviewPage />),
    step('express', 'Express video', <ExpressPage />, false),
    step('generating', 'Generating your video', <GeneratingPage />, false),
    step('locked', 'Creation locked', <LockedPage />, false),
    { path: '*', element: <Navigate to="/dashboard/create-video/single" replace /> },
  ],
};
