-- The seed's events laptops were priced by the day; rentals are now monthly plans, so an untouched copy of
-- that product becomes the seed's monthly training-lab rental (its title and prose only; its specification stays).
UPDATE "products"
SET "title" = 'Laptops on Rent for Training Labs, Exams and Projects (per month) - Core i5, 8GB RAM, bulk orders',
  "description" = '<p>Need 20 or 200 laptops for a training lab, an online exam centre or a project team at a Whitefield office? We deliver, image every machine with your software, and collect them at the end of the tenure.</p><ul><li>Configuration: Intel Core i5 (8th Gen or newer), 8GB RAM, 256GB SSD</li><li>Display: 14 or 15.6 inch</li><li>Software pre-loaded to your list at no extra cost for orders of 10+</li><li>On-site technician available on request</li><li>Wi-Fi routers and projectors also available on rent</li></ul><p>Minimum order 5 laptops.</p><h3>Rental service</h3><ul><li>Free delivery, set-up and pick-up within Bengaluru city limits</li><li>Replacement within 24 hours if the unit develops a fault</li></ul>'
WHERE "title" = 'Laptops on Rent for Events, Exams and Training (per day) - Core i5, 8GB RAM, Windows 11, bulk orders'
  AND "description" = '<p>Need 20 or 200 laptops for a hackathon, online exam centre, conference or corporate training at a Whitefield hotel? We deliver, image every machine with your software, and collect them after the event.</p><ul><li>Configuration: Intel Core i5 (8th Gen or newer), 8GB RAM, 256GB SSD</li><li>Display: 14 or 15.6 inch</li><li>Software pre-loaded to your list at no extra cost for orders of 10+</li><li>On-site technician available for full-day events</li><li>Wi-Fi routers and projectors also available on rent</li></ul><p><strong>Price is per laptop per day.</strong> Minimum order 5 laptops. Deposit waived for registered companies with a purchase order.</p>'
  AND "product_type" = 'rental';
--> statement-breakpoint
-- An existing shop's seed rentals get the seed's offer (decision 0043), if they have none: matched by title and
-- type. Their price columns then read the plans (the 1-month rent as MRP, the lowest rent as the price), and
-- their descriptions lose the deposit and the terms the offer now states as data.
INSERT INTO "rental_offers" ("product_id", "deposit", "minimum_months", "early_closure", "closure_fee_months")
SELECT p.id, v.deposit, 1, 'reprice', 0
FROM (VALUES
  ('Dell Latitude 3440 Core i5 12th Gen Laptop on Rent (per month)', 1000000),
  ('HP ProBook 450 G8 Core i5 11th Gen Laptop on Rent (per month)', 800000),
  ('Apple MacBook Air M1 on Rent (per month) - 8GB, 256GB', 2000000),
  ('Dell OptiPlex Core i5 Desktop with 19 inch Monitor on Rent (per month)', 500000),
  ('4 Camera CCTV Surveillance Kit on Rent (per month) for Events, Sites and Weddings', 750000),
  ('Biometric Attendance Machine on Rent (per month) - eSSL, with Software Set-up', 300000),
  ('Laptops on Rent for Training Labs, Exams and Projects (per month) - Core i5, 8GB RAM, bulk orders', 500000)
) AS v(title, deposit)
JOIN "products" p ON p."title" = v.title AND p."product_type" = 'rental'
WHERE NOT EXISTS (SELECT 1 FROM "rental_offers" o WHERE o."product_id" = p.id);
--> statement-breakpoint
INSERT INTO "rental_plans" ("product_id", "months", "monthly_rent")
SELECT p.id, v.months, v.rent
FROM (VALUES
  ('Dell Latitude 3440 Core i5 12th Gen Laptop on Rent (per month)', 1, 279900),
  ('Dell Latitude 3440 Core i5 12th Gen Laptop on Rent (per month)', 3, 249900),
  ('Dell Latitude 3440 Core i5 12th Gen Laptop on Rent (per month)', 6, 219900),
  ('Dell Latitude 3440 Core i5 12th Gen Laptop on Rent (per month)', 12, 189900),
  ('HP ProBook 450 G8 Core i5 11th Gen Laptop on Rent (per month)', 1, 249900),
  ('HP ProBook 450 G8 Core i5 11th Gen Laptop on Rent (per month)', 3, 229900),
  ('HP ProBook 450 G8 Core i5 11th Gen Laptop on Rent (per month)', 6, 199900),
  ('HP ProBook 450 G8 Core i5 11th Gen Laptop on Rent (per month)', 12, 179900),
  ('Apple MacBook Air M1 on Rent (per month) - 8GB, 256GB', 1, 449900),
  ('Apple MacBook Air M1 on Rent (per month) - 8GB, 256GB', 3, 399900),
  ('Apple MacBook Air M1 on Rent (per month) - 8GB, 256GB', 6, 359900),
  ('Apple MacBook Air M1 on Rent (per month) - 8GB, 256GB', 12, 319900),
  ('Dell OptiPlex Core i5 Desktop with 19 inch Monitor on Rent (per month)', 1, 149900),
  ('Dell OptiPlex Core i5 Desktop with 19 inch Monitor on Rent (per month)', 3, 134900),
  ('Dell OptiPlex Core i5 Desktop with 19 inch Monitor on Rent (per month)', 6, 119900),
  ('Dell OptiPlex Core i5 Desktop with 19 inch Monitor on Rent (per month)', 12, 99900),
  ('4 Camera CCTV Surveillance Kit on Rent (per month) for Events, Sites and Weddings', 1, 199900),
  ('4 Camera CCTV Surveillance Kit on Rent (per month) for Events, Sites and Weddings', 3, 179900),
  ('4 Camera CCTV Surveillance Kit on Rent (per month) for Events, Sites and Weddings', 6, 159900),
  ('Biometric Attendance Machine on Rent (per month) - eSSL, with Software Set-up', 1, 79900),
  ('Biometric Attendance Machine on Rent (per month) - eSSL, with Software Set-up', 3, 69900),
  ('Biometric Attendance Machine on Rent (per month) - eSSL, with Software Set-up', 6, 59900),
  ('Biometric Attendance Machine on Rent (per month) - eSSL, with Software Set-up', 12, 49900),
  ('Laptops on Rent for Training Labs, Exams and Projects (per month) - Core i5, 8GB RAM, bulk orders', 1, 169900),
  ('Laptops on Rent for Training Labs, Exams and Projects (per month) - Core i5, 8GB RAM, bulk orders', 3, 149900),
  ('Laptops on Rent for Training Labs, Exams and Projects (per month) - Core i5, 8GB RAM, bulk orders', 6, 129900)
) AS v(title, months, rent)
JOIN "products" p ON p."title" = v.title AND p."product_type" = 'rental'
JOIN "rental_offers" o ON o."product_id" = p.id
WHERE NOT EXISTS (SELECT 1 FROM "rental_plans" r WHERE r."product_id" = p.id);
--> statement-breakpoint
UPDATE "products" p
SET "original_price" = r.highest, "discounted_price" = r.lowest,
  "description" = replace(
    regexp_replace(p."description", '<p><strong>Security deposit:</strong>[^<]*</p>', ''),
    '<h3>Rental terms</h3><ul><li>Price shown is the monthly rent; GST extra as applicable</li><li>Minimum rental period: 1 month; longer terms get lower rates</li><li>Refundable security deposit collected at delivery (see below)</li>',
    '<h3>Rental service</h3><ul>'
  )
FROM (SELECT "product_id", max("monthly_rent") AS highest, min("monthly_rent") AS lowest FROM "rental_plans" GROUP BY "product_id") r
WHERE r."product_id" = p.id;
