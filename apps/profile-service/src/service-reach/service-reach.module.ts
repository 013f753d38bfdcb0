import { Module } from '@nestjs/common';

import { RoundLease, roundLeaseOf } from '@portal/service-runtime';

import { ProfileEnvironment } from '../profile-environment';
import { ReachReconciler } from './reach-reconciler';
import { RoleAssignments } from './role-assignments.service';

/**
 * Service reach (contract 6, 9): which services a profile reaches and which procurations follow.
 * The one writer of `profile_role` (RoleAssignments) and of `procuration_service`
 * (reach-changes, procuration-links), each write in its caller's transaction, and the
 * reconciler that applies roles at their start, once per interval across replicas (its round's
 * lease: Redis with REDIS_URL). It imports no other feature folder: every one that changes reach
 * depends on it.
 */
@Module({
  providers: [
    RoleAssignments,
    ReachReconciler,
    {
      provide: RoundLease,
      useFactory: (env: ProfileEnvironment) => roundLeaseOf('profile-service', env),
      inject: [ProfileEnvironment],
    },
  ],
  exports: [RoleAssignments, ReachReconciler],
})
export class ServiceReachModule {}
