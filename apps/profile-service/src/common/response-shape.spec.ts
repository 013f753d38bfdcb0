import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

import { AuditedResponse } from './audited.response';
import { orderByOfResponse, shapeOfResponse } from './response-shape';

class ThingResponse extends AuditedResponse {
  @ApiProperty() readonly name: string;
  @ApiPropertyOptional() readonly owner?: object;
}

describe(shapeOfResponse.name, () => {
  it('lists the OpenAPI properties, inherited ones first, and keeps relations apart', () => {
    expect(shapeOfResponse(ThingResponse, { owner: 'account' })).toEqual({
      properties: ['id', 'createdBy', 'createStamp', 'updatedBy', 'updateStamp', 'name'],
      relations: { owner: 'account' },
    });
  });

  it('refuses a relation the response does not declare', () => {
    expect(() => shapeOfResponse(ThingResponse, { colour: 'colour' })).toThrow(/no property colour/);
  });

  it('orders by the plain properties under the alias', () => {
    expect(orderByOfResponse(ThingResponse, 'thing', { owner: 'account' })).toEqual({
      id: 'thing.id',
      createdBy: 'thing.createdBy',
      createStamp: 'thing.createStamp',
      updatedBy: 'thing.updatedBy',
      updateStamp: 'thing.updateStamp',
      name: 'thing.name',
    });
  });
});
