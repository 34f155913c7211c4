-- A rented laptop or desktop is SAC 997315 (leasing or rental of computers without an operator), not 997319
-- (other machinery): the code the shop gave every rental (migration 0013) is corrected where it is still that
-- default. Invoices already issued keep the code they were issued with.
UPDATE "products" SET "hsn" = '997315'
WHERE "product_type" = 'rental' AND "category" IN ('Laptops', 'Desktops') AND "hsn" = '997319';
