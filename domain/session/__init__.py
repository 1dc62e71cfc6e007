"""The session core: its stream, its state and the core's commands; it knows no game rule."""
