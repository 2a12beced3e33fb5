/**
 * Common given names, for full names written in lower case ("my husband john smith", "dr jane doe"),
 * where capitals cannot tell a name from a word. Names that are also everyday words ("will", "grace",
 * "mark", "may", "faith", "rose", "jack") are left out: "my wife will drive me" is not a name. English,
 * European, South Asian, Arabic, African and East Asian names that people in an English-language
 * community commonly write; a name missing here is still caught when written with capitals.
 */
export const GIVEN_NAMES = new Set(
  (
    'aaron abby abdul abdullah abigail ade adam adebayo adrian agnes ahmed aidan aisha alan alana albert alex alexander alexandra alexis ' +
    'alfie ali alice alicia alison amanda amara amelia amina amir amy ana andrea andreas andrew andy angela angelina anita ann ' +
    'anna anne annie anthony antonio anya archie arjun arthur ashley aurora barbara beatrice ben benjamin bernard beth bethany betty ' +
    'beverley brandon brenda brian bridget caitlin callum cameron carl carla carlos carmen carol caroline catherine cathy charles ' +
    'charlie charlotte chen chloe chris christian christina christine christopher claire clara colin connor craig daniel daniela ' +
    'danielle darren dave david deborah debbie declan deepak denise dennis derek diana diane dimitri dominic donna dorothy douglas ' +
    'duncan dylan ed edward eileen elaine eleanor elena eli elijah elizabeth ella ellie emily emma eric erin ethan eva evelyn fatima ' +
    'felix fernando fiona florence francesca francesco francis freddie frederick freya gabriel gareth gary gavin geoffrey george ' +
    'georgia gerald gillian giovanni giulia gordon graham gregory hamza hannah harold harriet harry harvey hassan hayley heather ' +
    'helen henry hugo ian ibrahim imogen irene isaac isabel isabella isla ivan jacob james jamie jan jane janet janice jasmine jason ' +
    'jayden jeffrey jennifer jenny jeremy jessica jim jimmy joan joanna joanne joe joel johan john jonathan jordan jorge jose joseph ' +
    'josh joshua joyce juan judith judy julia julian julie justin karen kate katherine kathleen kathryn katie kayla keith kelly ' +
    'kenneth kevin khalid kieran kim kirsty kofi kumar kwame laura lauren leah lee leo leon leonardo lewis liam lily linda lisa ' +
    'liz lorraine louis louise lucas lucy luis luke lydia lynn maddie madeleine madison maggie malcolm mandy manuel marco margaret ' +
    'maria marie marion martha martin mary matilda matteo matthew maureen max maya megan melanie melissa mia michael michelle ' +
    'miguel mike mohamed mohammed muhammad nadia naomi natalie nathan neil nicholas nicola nicole niamh nigel noah nora oliver ' +
    'olivia omar oscar owen pamela paolo patricia patrick paul paula pauline peter philip phoebe pierre pooja priya rachel rahul ' +
    'raj rajesh ravi rebecca richard rita robert roberto robin roger ronald rosie ruth ryan sadie sally samantha samuel sandra ' +
    'sanjay sara sarah scott sean sharon shaun sheila shirley simon sinead sofia sophie stacey stella stephanie stephen steve ' +
    'steven stuart susan suzanne tanya teresa theo theresa thomas tim timothy tina toby tom tommy tony tracey tracy trevor vanessa ' +
    'vera veronica victoria vijay vincent wayne wendy william xavier yasmin yusuf yvonne zach zachary zara zoe'
  ).split(' '),
);
