"""The server's routers, one per resource: pages, tables (with records and replays), games, sockets."""
