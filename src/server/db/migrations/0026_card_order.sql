-- Wall cards keep an order of their own (the cards list and the scene editor's palette follow it),
-- set by dragging rows in the cards screen (POST /ship/cards/sort). Existing cards keep the order
-- they were listed in until now: by id.
ALTER TABLE ship_card ADD COLUMN sort integer NOT NULL DEFAULT 0;
UPDATE ship_card SET sort = id;
