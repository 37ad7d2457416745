/**
 * The actor note's form (ActorNoteForm.tsx, logged-in guests only): its texts load with the form's lazy
 * chunk, not with every profile's first load (decision 0035). The note's title, prompt and loading text
 * stay in actor.ts.
 */
import { defineMessages } from '../translate.ts';

export const actorNoteMessages = defineMessages({
  en: {
    'note.label': 'Private note about {name}',
    'note.hint': 'Only you can see this note. Up to {max} characters; save an empty note to delete it.',
    'note.save': 'Save note',
    'note.saving': 'Saving…',
    'note.saved': 'Note saved.',
    'note.deleted': 'Note deleted.',
    'note.error': 'The note could not be saved. Please try again.',
    'note.loadError': 'Your note could not be loaded.',
    'note.tooLong': 'The note is too long ({length} of {max} characters).',
  },
  de: {
    'note.label': 'Private Notiz zu {name}',
    'note.hint':
      'Nur du siehst diese Notiz. Bis zu {max} Zeichen; eine leere Notiz speichern, um sie zu löschen.',
    'note.save': 'Notiz speichern',
    'note.saving': 'Wird gespeichert …',
    'note.saved': 'Notiz gespeichert.',
    'note.deleted': 'Notiz gelöscht.',
    'note.error': 'Die Notiz konnte nicht gespeichert werden. Bitte versuche es erneut.',
    'note.loadError': 'Deine Notiz konnte nicht geladen werden.',
    'note.tooLong': 'Die Notiz ist zu lang ({length} von {max} Zeichen).',
  },
  nl: {
    'note.label': 'Privénotitie over {name}',
    'note.hint':
      'Alleen jij ziet deze notitie. Maximaal {max} tekens; sla een lege notitie op om haar te wissen.',
    'note.save': 'Notitie opslaan',
    'note.saving': 'Bezig met opslaan…',
    'note.saved': 'Notitie opgeslagen.',
    'note.deleted': 'Notitie gewist.',
    'note.error': 'De notitie kon niet worden opgeslagen. Probeer het opnieuw.',
    'note.loadError': 'Je notitie kon niet worden geladen.',
    'note.tooLong': 'De notitie is te lang ({length} van {max} tekens).',
  },
  es: {
    'note.label': 'Nota privada sobre {name}',
    'note.hint': 'Solo tú ves esta nota. Hasta {max} caracteres; guarda una nota vacía para borrarla.',
    'note.save': 'Guardar nota',
    'note.saving': 'Guardando…',
    'note.saved': 'Nota guardada.',
    'note.deleted': 'Nota borrada.',
    'note.error': 'No se pudo guardar la nota. Inténtalo de nuevo.',
    'note.loadError': 'No se pudo cargar tu nota.',
    'note.tooLong': 'La nota es demasiado larga ({length} de {max} caracteres).',
  },
});
