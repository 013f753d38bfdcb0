import { Module } from '@nestjs/common';

import { inEveryVersion } from '../../common/versioned';
import { FavoritesController, PROFILE_FAVORITES_PATH } from './favorites.controller';
import { FavoritesService } from './favorites.service';

@Module({
  controllers: inEveryVersion(FavoritesController, PROFILE_FAVORITES_PATH),
  providers: [FavoritesService],
  exports: [FavoritesService],
})
export class FavoritesModule {}
