import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsString, IsUrl, Length } from 'class-validator';

import { CreatedBy, FREE_TEXT_PATTERN, FreeText } from '@portal/http-context';

import { OptionalBoolean, OptionalInt } from '../../../common/body-fields';

export class ServiceRoleBodyDto {
  @OptionalBoolean('Whether the service shows to the holders of the role.', true)
  readonly isVisible?: boolean;

  @CreatedBy() readonly createdBy: string;
}

export class SurveyBodyDto {
  @ApiProperty({
    description: 'Address of the survey: an http(s) URL.',
    minLength: 1,
    maxLength: 400,
    pattern: FREE_TEXT_PATTERN,
  })
  @IsDefined({ message: '$property is required' })
  // validator.js takes control characters in a URL's path.
  @FreeText()
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false })
  @Length(1, 400)
  @IsString()
  readonly surveyUrl: string;

  @OptionalBoolean('Visitors are asked at random.', false)
  readonly isRandomFeedbackEnabled?: boolean;

  @OptionalBoolean('Visitors may give feedback when they like.', false)
  readonly isSpontaneousFeedbackEnabled?: boolean;

  @OptionalInt('Percentage of visits asked for random feedback, 0..100.', {
    minimum: 0,
    maximum: 100,
    defaultValue: 0,
  })
  readonly rF_ActivationChance?: number;

  @OptionalInt('Days before asking again after a refusal.', { minimum: 0, defaultValue: 0 })
  readonly rF_MinDaysAfterRefused?: number;

  @OptionalInt('Days before asking again after random feedback was given.', { minimum: 0, defaultValue: 0 })
  readonly rF_MinDaysAfterAccepted?: number;

  @OptionalInt('Days before spontaneous feedback may be given again.', { minimum: 0, defaultValue: 0 })
  readonly sF_MinDaysAfterAccepted?: number;

  @CreatedBy() readonly createdBy: string;
}
