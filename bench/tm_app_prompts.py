"""The app-prompts corpus per prompt class: ``python bench/tm_app_prompts.py [FILE]`` prints the import rate and
how often our choices at a follow-up equal the prompt's listed ones (gaia_ai/games/terraforming_mars/appprompts.py
says what is compared). FILE defaults to ../shared/corpus/tm/app-prompts/prompts.jsonl.gz."""

from gaia_ai.games.terraforming_mars.appprompts import main

if __name__ == "__main__":
    raise SystemExit(main())
