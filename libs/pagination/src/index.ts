export * from './order-by';
export * from './page';
export * from './page-query.dto';
export * from './pagination-headers';
export * from './pagination.interceptor';
export * from './typeorm-page';
export * from './paginated-list.decorator';
