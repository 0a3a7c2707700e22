"""`gaia-ai web`: a local web page to paste a position, see the board and the hints in words, and step
through the line the search expects (app.py: the Flask app; static/index.html: the page)."""
